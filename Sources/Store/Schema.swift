/// The Countersign schema: its migrations and the tables that hold data.
enum Schema {
    /// The tables that hold data, children before parents: what `Store.reset` empties.
    /// Every table except `schema_migrations` belongs here (a test checks it).
    static let dataTables = ["nonces", "checkins", "tokens", "users", "games", "apps"]

    /// The first schema. STRICT tables reject values of the wrong type.
    static let v1 = Migration(id: "v1", sql: """
        -- Apps that may sign requests. `previous_secret` is set while a secret is
        -- being rotated: either secret verifies.
        CREATE TABLE apps (
            id INTEGER PRIMARY KEY,
            app_key TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            secret TEXT NOT NULL,
            previous_secret TEXT,
            scheme TEXT NOT NULL DEFAULT 'md5' CHECK (scheme IN ('md5', 'top-md5', 'hmac-sha256')),
            is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
        ) STRICT;
        -- At most one default app.
        CREATE UNIQUE INDEX apps_single_default ON apps (is_default) WHERE is_default = 1;

        -- Passwords: PBKDF2-HMAC-SHA256, salt and derived key as lowercase hex.
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            phone TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            password_salt TEXT NOT NULL,
            password_iterations INTEGER NOT NULL CHECK (password_iterations > 0),
            nickname TEXT NOT NULL,
            avatar_url TEXT,
            disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
            created_at INTEGER NOT NULL
        ) STRICT;

        -- Bearer tokens, stored only as the hex SHA-256 of the token. `token_prefix`
        -- (the token's first 8 characters) lets the admin API expire a token it only
        -- knows from the journal. A token is active while revoked_at IS NULL and
        -- expires_at > now. Prefixes compare case-insensitively.
        CREATE TABLE tokens (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL UNIQUE,
            token_prefix TEXT NOT NULL COLLATE NOCASE,
            device_id TEXT,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            revoked_at INTEGER
        ) STRICT;
        CREATE INDEX tokens_by_user ON tokens (user_id);
        CREATE INDEX tokens_by_prefix ON tokens (token_prefix);

        -- One check-in per user and day (the day in the configured time zone). The
        -- UNIQUE index also serves "a user's check-ins, newest day first".
        CREATE TABLE checkins (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
            device_id TEXT,
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, day)
        ) STRICT;

        -- The catalogue of GET /games; rating from 0 to 5.
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            genre TEXT NOT NULL,
            cover_url TEXT NOT NULL,
            rating REAL NOT NULL CHECK (rating BETWEEN 0 AND 5),
            released_at INTEGER NOT NULL
        ) STRICT;

        -- Nonces seen per app, for replay protection; pruned by age.
        CREATE TABLE nonces (
            app_key TEXT NOT NULL,
            nonce TEXT NOT NULL,
            seen_at INTEGER NOT NULL,
            PRIMARY KEY (app_key, nonce)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX nonces_by_seen_at ON nonces (seen_at);
        """)
}
