# Ranch Hand's container image: the project installed from its own pyproject.toml (fonts,
# game data and catalogues are package data), run as an unprivileged user. compose.yaml uses
# it; alone: docker build -t ranchhand . && docker run --env-file .env -v ./data:/app/data ranchhand
FROM python:3.11-slim
WORKDIR /app
COPY . /src
RUN pip install --no-cache-dir '/src[postgres]' && rm -rf /src \
    && mkdir -p /app/data && chown nobody /app/data
USER nobody
ENV DATABASE_PATH=/app/data/ranchhand.sqlite3
CMD ["python", "-m", "bot"]
