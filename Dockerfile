# One image for every part: the services and the gateway run from TypeScript source with tsx, and
# the gateway serves the front ends built in the first stage. docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && node scripts/build.mjs

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
CMD ["node", "--import", "tsx", "gateway/src/server.ts"]
