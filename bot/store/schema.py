"""The schema: one migration history that SQLite and PostgreSQL both run.

Migrations are written in the SQL both engines share; ``for_dialect`` makes the few words that
differ fit PostgreSQL (an identity key, 64-bit integers, double-precision times). ``MIGRATIONS``
maps each migration's number to its script: never edit a released entry, add a new one.
Numbers may leave gaps (a migration released with a higher number before a lower one): the
store records which numbers a database has run, so a lower number that arrives later still
runs. A migration after a gap must therefore stand on its own (new tables and indexes, never
a change to what a missing lower number creates).
"""

from __future__ import annotations

import re

_CONSECUTIVE: tuple[str, ...] = (
    # 1: matches, seats, the action log, board messages, settings
    """
    CREATE TABLE matches (
        id              INTEGER PRIMARY KEY,
        game            TEXT    NOT NULL,
        guild_id        INTEGER,
        channel_id      INTEGER NOT NULL,
        parent_id       INTEGER,
        status          TEXT    NOT NULL
                        CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        host_id         INTEGER NOT NULL,
        seed            INTEGER NOT NULL,
        ply             INTEGER NOT NULL DEFAULT 0,
        options         TEXT    NOT NULL DEFAULT '{}',
        state           TEXT,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL,
        turn_started_at REAL,
        deadline_at     REAL
    );
    CREATE UNIQUE INDEX matches_one_live_per_channel
        ON matches (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX matches_by_guild ON matches (guild_id, status);

    CREATE TABLE seats (
        match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        name      TEXT    NOT NULL,
        joined_at REAL    NOT NULL,
        PRIMARY KEY (match_id, seat),
        UNIQUE (match_id, user_id)
    );

    CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        seat     INTEGER,
        user_id  INTEGER,
        notation TEXT    NOT NULL,
        events   TEXT    NOT NULL DEFAULT '[]',
        at       REAL    NOT NULL,
        PRIMARY KEY (match_id, ply)
    );

    CREATE TABLE board_messages (
        match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        message_id INTEGER NOT NULL PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        ply        INTEGER NOT NULL,
        live       INTEGER NOT NULL DEFAULT 1,
        created_at REAL    NOT NULL
    );
    CREATE INDEX board_messages_by_match ON board_messages (match_id, live);

    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}'
    );

    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: turn clocks (reminders, deadlines, pauses), notification preferences, forfeits
    """
    ALTER TABLE matches ADD COLUMN reminder_hours INTEGER NOT NULL DEFAULT 24;
    ALTER TABLE matches ADD COLUMN deadline_hours INTEGER;
    ALTER TABLE matches ADD COLUMN on_deadline TEXT NOT NULL DEFAULT 'skip';
    ALTER TABLE matches ADD COLUMN lobby_hours INTEGER NOT NULL DEFAULT 24;
    ALTER TABLE matches ADD COLUMN turn_ply INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN paused_at REAL;
    ALTER TABLE matches ADD COLUMN paused_until REAL;
    ALTER TABLE matches ADD COLUMN paused_by INTEGER;
    CREATE INDEX matches_by_status ON matches (status, turn_started_at);

    ALTER TABLE seats ADD COLUMN pause_used REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN left_at REAL;

    CREATE TABLE clock_events (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        kind     TEXT    NOT NULL,
        n        INTEGER NOT NULL DEFAULT 0,
        seat     INTEGER,
        due_at   REAL    NOT NULL,
        done_at  REAL    NOT NULL,
        outcome  TEXT    NOT NULL DEFAULT '',
        PRIMARY KEY (match_id, ply, kind, n)
    );

    CREATE TABLE user_settings (
        user_id  INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    """,
    # 3: the clock's next-due index, the board outbox, computer seats, results and ratings
    """
    ALTER TABLE matches ADD COLUMN next_due_at REAL;
    CREATE INDEX matches_next_due ON matches (next_due_at) WHERE next_due_at IS NOT NULL;
    UPDATE matches SET next_due_at = CASE
        WHEN status = 'lobby' THEN created_at + lobby_hours * 3600.0
        WHEN paused_at IS NOT NULL THEN paused_until
        ELSE turn_started_at END
        WHERE status IN ('lobby', 'active');
    ALTER TABLE matches ADD COLUMN rematch_of INTEGER;

    ALTER TABLE seats ADD COLUMN computer TEXT;

    ALTER TABLE board_messages ADD COLUMN story_from INTEGER;

    CREATE TABLE outbox (
        match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        ply          INTEGER NOT NULL,
        channel_id   INTEGER NOT NULL,
        payload      TEXT    NOT NULL,
        turn_passed  INTEGER NOT NULL DEFAULT 1,
        created_at   REAL    NOT NULL,
        attempts     INTEGER NOT NULL DEFAULT 0,
        next_try_at  REAL    NOT NULL,
        delivered_at REAL,
        message_id   INTEGER,
        outcome      TEXT    NOT NULL DEFAULT '',
        PRIMARY KEY (match_id, ply)
    );
    CREATE INDEX outbox_pending ON outbox (next_try_at) WHERE delivered_at IS NULL;

    CREATE TABLE ratings (
        guild_id   INTEGER NOT NULL,
        game       TEXT    NOT NULL,
        user_id    INTEGER NOT NULL,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL,
        played     INTEGER NOT NULL DEFAULT 0,
        won        INTEGER NOT NULL DEFAULT 0,
        updated_at REAL    NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game, mu);

    CREATE TABLE results (
        match_id    INTEGER NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        guild_id    INTEGER,
        game        TEXT    NOT NULL,
        finished_at REAL    NOT NULL,
        rated       INTEGER NOT NULL DEFAULT 0,
        summary     TEXT    NOT NULL DEFAULT '{}'
    );
    CREATE INDEX results_by_guild ON results (guild_id, game, finished_at);
    """,
    # 4: languages: each match's (its public messages and pictures), each player's as last seen
    # (what the turn clock's reminders and DMs to them are worded in)
    """
    ALTER TABLE matches ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    ALTER TABLE user_settings ADD COLUMN locale TEXT;
    """,
    # 5: boards due to lose their buttons (until the bot knows it did it)
    """
    ALTER TABLE board_messages ADD COLUMN strip_due REAL;
    CREATE INDEX board_messages_strips ON board_messages (strip_due) WHERE strip_due IS NOT NULL;
    """,
    # 6: standing orders: a row for each order a player gave in a game (no row: off)
    """
    CREATE TABLE standing_orders (
        user_id INTEGER NOT NULL,
        game    TEXT    NOT NULL,
        name    TEXT    NOT NULL,
        set_at  REAL    NOT NULL,
        PRIMARY KEY (user_id, game, name)
    );
    """,
    # 7: post-game reports ("Luck and decisions"): one per match, asked for once, worked out
    # by the process holding it (``holder`` until ``held_until``), stored, then posted
    """
    CREATE TABLE IF NOT EXISTS analyses (
        match_id    INTEGER NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        channel_id  INTEGER NOT NULL,
        status      TEXT    NOT NULL
                    CHECK (status IN ('queued', 'running', 'done', 'failed')),
        asked_at    REAL    NOT NULL,
        holder      TEXT,
        held_until  REAL,
        progress    REAL    NOT NULL DEFAULT 0,
        message_id  INTEGER,
        report      TEXT,
        done_at     REAL,
        posted_at   REAL
    );
    CREATE INDEX IF NOT EXISTS analyses_unposted ON analyses (asked_at) WHERE posted_at IS NULL;
    """,
    # 8: casual tables: matches where the bot is not a member (a group DM, a DM, a server
    # without the bot), played through interactions alone
    """
    ALTER TABLE matches ADD COLUMN casual INTEGER NOT NULL DEFAULT 0;
    """,
)

# 9: tournaments: each one's settings, sign-ups and pairing records, the claim on each
# table's match, and the claim on each round's standings post
TOURNAMENTS = """
    CREATE TABLE tournaments (
        id           INTEGER PRIMARY KEY,
        guild_id     INTEGER NOT NULL,
        channel_id   INTEGER NOT NULL,
        organiser_id INTEGER NOT NULL,
        game         TEXT    NOT NULL,
        status       TEXT    NOT NULL
                     CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        settings     TEXT    NOT NULL DEFAULT '{}',
        message_id   INTEGER,
        starts_at    REAL,
        league       TEXT,
        rev          INTEGER NOT NULL DEFAULT 0,
        created_at   REAL    NOT NULL,
        updated_at   REAL    NOT NULL
    );
    CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);

    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id       INTEGER NOT NULL,
        name          TEXT    NOT NULL,
        joined_at     REAL    NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
    );

    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        number        INTEGER NOT NULL,
        match_id      INTEGER,
        claimed_at    REAL    NOT NULL,
        PRIMARY KEY (tournament_id, round, number)
    );

    CREATE TABLE tournament_posts (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        kind          TEXT    NOT NULL,
        posted_at     REAL    NOT NULL,
        PRIMARY KEY (tournament_id, round, kind)
    );
"""

# 10: seasons per server with their own ratings; each result's season; the daily digest (each
# player's hour, since when, a notice owed to them; one send row per player and day is the claim
# that sends it once)
SEASONS = """
    CREATE TABLE seasons (
        id         INTEGER PRIMARY KEY,
        guild_id   INTEGER NOT NULL,
        name       TEXT    NOT NULL,
        started_at REAL    NOT NULL,
        started_by INTEGER NOT NULL,
        ended_at   REAL
    );
    CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;

    CREATE TABLE season_ratings (
        season_id  INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
        game       TEXT    NOT NULL,
        user_id    INTEGER NOT NULL,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL,
        played     INTEGER NOT NULL DEFAULT 0,
        won        INTEGER NOT NULL DEFAULT 0,
        updated_at REAL    NOT NULL,
        PRIMARY KEY (season_id, game, user_id)
    );
    CREATE INDEX season_ratings_board ON season_ratings (season_id, game, mu);

    ALTER TABLE results ADD COLUMN season_id INTEGER;

    ALTER TABLE user_settings ADD COLUMN digest_hour INTEGER;
    ALTER TABLE user_settings ADD COLUMN digest_since REAL;
    ALTER TABLE user_settings ADD COLUMN digest_notice TEXT;
    CREATE INDEX user_settings_digest ON user_settings (digest_hour)
        WHERE digest_hour IS NOT NULL;

    CREATE TABLE digest_sends (
        user_id INTEGER NOT NULL,
        day     TEXT    NOT NULL,
        sent_at REAL    NOT NULL,
        outcome TEXT    NOT NULL DEFAULT '',
        PRIMARY KEY (user_id, day)
    );
    """

MIGRATIONS: dict[int, str] = {
    **{number: script for number, script in enumerate(_CONSECUTIVE, 1)},
    9: TOURNAMENTS,
    10: SEASONS,
}


_PG_WORDS = (
    (
        re.compile(r"\bid(\s+)INTEGER PRIMARY KEY"),
        r"id\1BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
)


def for_dialect(script: str, dialect: str) -> list[str]:
    """The statements of one migration, as ``dialect`` ("sqlite" or "postgresql") spells them."""
    statements = [s.strip() for s in script.split(";") if s.strip()]
    if dialect == "postgresql":
        for pattern, replacement in _PG_WORDS:
            statements = [pattern.sub(replacement, s) for s in statements]
    return statements
