# syntax=docker/dockerfile:1
# The account service. Build from the repository root:
#   docker build -f deploy/docker/account.Dockerfile -t tracemap/account .
# Settings and secrets come from the environment at run time (ConfigMaps and Secrets), never from the image.
ARG NODE_IMAGE=node:20-bookworm-slim

# Only what account needs: its workspace, the workspace packages it uses, and a lock file cut down to them.
FROM ${NODE_IMAGE} AS prune
WORKDIR /repo
COPY . .
RUN npx --yes turbo@2.11.9 prune @tracemap/account --docker --out-dir /pruned

# Compiled with the dev dependencies, which stay in this stage.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=prune /pruned/json/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY --from=prune /pruned/full/ ./
RUN npx turbo run build --filter=@tracemap/account

# What runs: production dependencies, the compiled service, the SQL migrations read at start.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY --from=prune /pruned/json/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY --from=prune /pruned/full/ ./
COPY --from=build /app/services/account/dist ./services/account/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/account/dist/server.js"]
