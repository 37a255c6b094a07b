# syntax=docker/dockerfile:1
# layoutd: a release binary with the Swift runtime linked in, run by a non-root user on a slim Debian.

FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Plugins ./Plugins
# The commit `layoutd --version` reports. The context has no .git, so without
# `--build-arg LAYOUTD_COMMIT=$(git rev-parse --short HEAD)` it is `unknown`; Plugins/BuildInfoPlugin reads this.
ARG LAYOUTD_COMMIT=""
RUN swift build -c release --static-swift-stdlib --product layoutd \
    && install -D "$(swift build -c release --show-bin-path)/layoutd" /out/layoutd

FROM debian:bookworm-slim
# curl serves the HEALTHCHECK only.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin layoutd
COPY --from=build /out/layoutd /usr/local/bin/layoutd
USER 10001
ENV LAYOUTD_HOST=0.0.0.0 \
    LAYOUTD_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["sh", "-c", "curl -fsS -o /dev/null http://127.0.0.1:${LAYOUTD_PORT}/healthz || exit 1"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/layoutd"]
