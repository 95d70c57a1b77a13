# The Tavern bot in a container: docs/operations.md, "Docker".
#   docker build -t tavern .
#   docker run -d --name tavern --env-file .env -v tavern-data:/data tavern
# No secret is baked in: the token and every setting come from the environment at run time.

ARG PYTHON_IMAGE=python:3.12-slim

# Build stage: the locked dependencies (hash-checked), then the bot itself, into one venv that
# the run stage copies whole, so neither the sources nor pip's downloads end up in the image.
FROM ${PYTHON_IMAGE} AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1
RUN python -m venv /opt/tavern
COPY requirements/run.txt /src/requirements/run.txt
RUN /opt/tavern/bin/pip install --require-hashes -r /src/requirements/run.txt
# .dockerignore lets through only what the package needs (the fonts and migrations are package
# data, so they come along); the dependencies are already in, hence --no-deps.
COPY . /src
RUN /opt/tavern/bin/pip install --no-deps /src

# Run stage.
FROM ${PYTHON_IMAGE}
# tini as PID 1: it passes SIGTERM (docker stop) to the bot alone, so the bot stops cleanly and
# ends its computer workers itself; it also reaps any orphaned process. Without it the bot would
# be PID 1, which the kernel shields from every signal it has no handler for yet (a stop during
# start-up would wait the full 10 s for SIGKILL), and nothing would reap orphans. FriBiDi: Pillow's
# wheels load it for right-to-left text (Arabic, Hebrew names in the pictures); slim images lack it.
RUN apt-get update \
    && apt-get install --yes --no-install-recommends tini libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
# A fixed uid, so a host folder mounted on /data can be given to it: chown 10001:10001 FOLDER.
RUN groupadd --system --gid 10001 tavern \
    && useradd --system --uid 10001 --gid tavern --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin tavern \
    && mkdir /data \
    && chown tavern:tavern /data \
    && chmod 0700 /data
COPY --from=build /opt/tavern /opt/tavern
ENV PATH=/opt/tavern/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    DATABASE_PATH=/data/tavern.sqlite3
# The working folder is the volume too: a relative DATABASE_PATH (the .env example's
# data/tavern.sqlite3) still lands on the volume, not in the image.
WORKDIR /data
VOLUME ["/data"]
USER tavern
STOPSIGNAL SIGTERM
# /healthz when METRICS_PORT is set (on METRICS_HOST inside the container, 127.0.0.1 by
# default); without it there is nothing to ask, and a running container counts as healthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request as r; p = os.environ.get('METRICS_PORT', '').strip(); h = os.environ.get('METRICS_HOST', '').strip(); h = '127.0.0.1' if h in ('', '0.0.0.0', '::') else h; h = '[' + h + ']' if ':' in h else h; p and r.urlopen('http://' + h + ':' + p + '/healthz', timeout=4).close()"]
ENTRYPOINT ["/usr/bin/tini", "--", "tavern"]
CMD ["run"]
