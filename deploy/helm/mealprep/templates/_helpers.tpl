{{/* The prefix of every object: <release>, or fullnameOverride. */}}
{{- define "mealprep.fullname" -}}
{{- default .Release.Name .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{/* A part's object name and Service host, e.g. shop-svc-catalog. Call with (dict "root" $ "part" "svc-catalog"). */}}
{{- define "mealprep.partName" -}}
{{- printf "%s-%s" (include "mealprep.fullname" .root) .part | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* A part's address inside the cluster, e.g. http://shop-svc-catalog:3000. */}}
{{- define "mealprep.partUrl" -}}
{{- $port := (index .root.Values.parts .part).port -}}
{{- printf "http://%s:%v" (include "mealprep.partName" .) $port -}}
{{- end -}}

{{- define "mealprep.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) -}}
{{- end -}}

{{- define "mealprep.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: mealprep
{{- end -}}

{{/* Call with (dict "root" $ "part" "gateway"). */}}
{{- define "mealprep.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .part }}
{{- end -}}

{{- define "mealprep.partLabels" -}}
{{ include "mealprep.labels" .root }}
app.kubernetes.io/component: {{ .part }}
{{- end -}}

{{/* A setting read from existingSecret. Call with (dict "root" $ "name" "IDENTITY_SECRET" "key" "IDENTITY_SECRET" "optional" false). */}}
{{- define "mealprep.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ required "existingSecret must name the Secret holding the secret settings" .root.Values.existingSecret }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/* A plain setting; left out when empty, so the part's own default applies. */}}
{{- define "mealprep.plainEnv" -}}
{{- if ne (toString .value) "" }}
- name: {{ .name }}
  value: {{ .value | toString | quote }}
{{- end }}
{{- end -}}

{{/* MONGODB_URI: the operator's connection-string Secret, or existingSecret (an external MongoDB). */}}
{{- define "mealprep.mongodbEnv" -}}
{{- if .Values.mongodb.operator.enabled }}
- name: MONGODB_URI
  valueFrom:
    secretKeyRef:
      name: {{ include "mealprep.fullname" . }}-mongodb-uri
      key: connectionString.standard
{{- else }}
{{ include "mealprep.secretEnv" (dict "root" . "name" "MONGODB_URI" "key" .Values.secretKeys.mongodbUri) }}
{{- end }}
{{- end -}}

{{/*
AMQP_URL: built from the operator's default-user Secret (Kubernetes expands $(VAR) from the
variables above it), or read whole from existingSecret (an external broker).
*/}}
{{- define "mealprep.amqpEnv" -}}
{{- if .Values.rabbitmq.operator.enabled }}
- name: RABBITMQ_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ include "mealprep.fullname" . }}-rabbitmq-default-user
      key: username
- name: RABBITMQ_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "mealprep.fullname" . }}-rabbitmq-default-user
      key: password
- name: AMQP_URL
  value: {{ printf "amqp://$(RABBITMQ_USERNAME):$(RABBITMQ_PASSWORD)@%s-rabbitmq.%s.svc:5672" (include "mealprep.fullname" .) .Release.Namespace | quote }}
{{- else }}
{{ include "mealprep.secretEnv" (dict "root" . "name" "AMQP_URL" "key" .Values.secretKeys.amqpUrl) }}
{{- end }}
- name: AMQP_PREFIX
  value: {{ .Values.amqpPrefix | quote }}
{{- end -}}

{{/* Where the shell finds each remote's release.json: the gateway's own copy, or remotes.baseUrl. */}}
{{- define "mealprep.remoteUrl" -}}
{{- $base := trimSuffix "/" .root.Values.remotes.baseUrl -}}
{{- if and $base (or (ne .remote "public") .root.Values.remotes.publicFromCdn) -}}
{{- printf "%s/remotes/%s/release.json" $base .remote -}}
{{- else -}}
{{- printf "/remotes/%s/release.json" .remote -}}
{{- end -}}
{{- end -}}

{{/* The environment of one part, as docker-compose.yml gives it, with the cluster's Service names. */}}
{{- define "mealprep.env" -}}
{{- $root := .root -}}
{{- $part := .part -}}
{{- $v := $root.Values -}}
- name: NODE_ENV
  value: {{ $v.nodeEnv | quote }}
- name: LOG_LEVEL
  value: {{ $v.logLevel | quote }}
- name: HOST
  value: '0.0.0.0'
- name: PORT
  value: {{ (index $v.parts $part).port | toString | quote }}
{{- if eq $part "renderer" }}
{{- /* No secret and no database: a page's data from the services' public routes, the code it renders with from the gateway. */}}
- name: GATEWAY_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "gateway") | quote }}
- name: CATALOG_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-catalog") | quote }}
- name: MEDIA_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-media") | quote }}
{{- else if eq $part "gateway" }}
{{- include "mealprep.plainEnv" (dict "name" "SITE_URL" "value" $v.siteUrl) }}
{{ include "mealprep.secretEnv" (dict "root" $root "name" "IDENTITY_SECRET" "key" $v.secretKeys.identitySecret) }}
{{- include "mealprep.amqpEnv" $root }}
{{- include "mealprep.plainEnv" (dict "name" "FORM_ADD_SERVICE_ID" "value" $v.gateway.formAddServiceId) }}
{{- include "mealprep.plainEnv" (dict "name" "TRUST_PROXY" "value" $v.gateway.trustProxy) }}
- name: CATALOG_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-catalog") | quote }}
- name: AUTH_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-auth") | quote }}
- name: MEDIA_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-media") | quote }}
- name: CHECKER_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-checker") | quote }}
- name: RENDERER_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "renderer") | quote }}
- name: REMOTE_PUBLIC_URL
  value: {{ include "mealprep.remoteUrl" (dict "root" $root "remote" "public") | quote }}
- name: REMOTE_DASHBOARD_URL
  value: {{ include "mealprep.remoteUrl" (dict "root" $root "remote" "dashboard") | quote }}
- name: REMOTE_ADMIN_URL
  value: {{ include "mealprep.remoteUrl" (dict "root" $root "remote" "admin") | quote }}
{{- else }}
- name: DATA_DIR
  value: /data
{{- include "mealprep.mongodbEnv" $root }}
{{- include "mealprep.amqpEnv" $root }}
{{ include "mealprep.secretEnv" (dict "root" $root "name" "IDENTITY_SECRET" "key" $v.secretKeys.identitySecret) }}
{{- include "mealprep.plainEnv" (dict "name" "SITE_URL" "value" $v.siteUrl) }}
{{- include "mealprep.plainEnv" (dict "name" "ADMIN_EMAILS" "value" $v.adminEmails) }}
{{- if eq $part "svc-auth" }}
{{ include "mealprep.secretEnv" (dict "root" $root "name" "SMTP_URL" "key" $v.secretKeys.smtpUrl "optional" true) }}
{{- /* The published brand the mails are written with. */}}
- name: CATALOG_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-catalog") | quote }}
{{- else if eq $part "svc-catalog" }}
{{- /* Asked whose upload a new logo is before a listing may use it. */}}
- name: MEDIA_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-media") | quote }}
{{- /* The first start's brand: staff change it at /dashboard/brand after that. */}}
{{- include "mealprep.plainEnv" (dict "name" "BRAND_SITE_NAME" "value" $v.brand.siteName) }}
{{- include "mealprep.plainEnv" (dict "name" "BRAND_SHORT_NAME" "value" $v.brand.shortName) }}
{{- include "mealprep.plainEnv" (dict "name" "ANALYTICS_KEY" "value" $v.brand.analyticsKey) }}
{{- include "mealprep.plainEnv" (dict "name" "SITE_ANALYTICS_ID" "value" $v.brand.siteAnalyticsId) }}
{{- include "mealprep.plainEnv" (dict "name" "MARKETING_SCRIPT_ID" "value" $v.brand.marketingScriptId) }}
{{- else }}
{{- /* svc-media and svc-checker load their copies of the services from svc-catalog. */}}
- name: CATALOG_URL
  value: {{ include "mealprep.partUrl" (dict "root" $root "part" "svc-catalog") | quote }}
{{- end }}
{{- end }}
{{- range $name, $value := (index $v.parts $part).env }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}
