# syntax=docker/dockerfile:1
# The static web assets: the shell and every remote, each in its own folder as `<app>/dist/`.
#   docker build -f deploy/docker/web.Dockerfile -t tracemap/web .
# The same image serves two purposes: the gateway's pods copy the files in at start (an init
# container), and as a plain static server it is the origin a CDN pulls the remotes from.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN npx turbo run build --filter=./shell --filter=./mfe-*
# Only the built files travel on, laid out as the gateway's FRONTEND_ROOT expects them.
RUN mkdir -p /web && for app in shell mfe-*; do mkdir -p "/web/$app" && cp -r "$app/dist" "/web/$app/dist"; done

FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
COPY --from=build /web/ /usr/share/nginx/html/
COPY deploy/docker/web-nginx.conf /etc/nginx/conf.d/default.conf
# nginx-unprivileged runs as uid 101 and listens on 8080.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
