# Card Night as a container image (docs/service.md). Two stages: the build stage has the
# C compiler that setup.py's compiled modules (mypyc) need; the runtime stage has only
# the installed bot. The official image carries the Python headers.

FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY engine engine
COPY bot bot
COPY cogs cogs
RUN python -m venv /opt/cardnight \
    && /opt/cardnight/bin/pip install --no-cache-dir .

FROM python:3.11-slim
RUN useradd --system --create-home --home-dir /home/cardnight --uid 10001 cardnight
COPY --from=build /opt/cardnight /opt/cardnight
ENV PATH=/opt/cardnight/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/home/cardnight/data/bot.sqlite3 \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9100
WORKDIR /home/cardnight
USER cardnight
EXPOSE 9100
CMD ["python", "-m", "bot"]
