# Production image: builds Plantel and serves it (server/serve.ts: the API pipeline and Next's page handler on one node:http server) after applying migrations.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts tsconfig.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx tsx scripts/start.ts --build-only --no-demo-snapshot

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build /app /app
EXPOSE 3000
# start.ts applies migrations, creates the admin on an empty database and starts the server;
# the build is reused because the sources match the build's fingerprint.
CMD ["npx", "tsx", "scripts/start.ts"]
