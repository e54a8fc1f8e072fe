export interface ScriptOptions {
  /** Marks the element so a second start does not add the script again. */
  id: string;
  src: string;
  loading: 'async' | 'defer';
  attributes?: Record<string, string>;
}

/** Adds a third-party script that never blocks rendering; returns the element already there if any. */
export function appendScript(doc: Document, { id, src, loading, attributes = {} }: ScriptOptions): HTMLScriptElement {
  const existing = doc.getElementById(id);
  if (existing instanceof HTMLScriptElement) return existing;
  const script = doc.createElement('script');
  script.id = id;
  script.src = src;
  if (loading === 'async') script.async = true;
  else script.defer = true;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  doc.head.appendChild(script);
  return script;
}
