# Signet in one image: the API, the built web app and (when enabled) the sandbox.
# Not built in Signet's CI (no container runtime there); it runs the same command as the tests.
FROM node:20-bookworm-slim AS build
WORKDIR /signet
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/pdf/package.json packages/pdf/
COPY packages/trust-services/package.json packages/trust-services/
RUN npm ci
COPY . .
RUN npm run build -w apps/web && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /signet
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=build /signet /signet
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same start as `npm run serve` and the scale-out test: node with tsx, no build step of the API.
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
