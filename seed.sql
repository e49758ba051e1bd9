-- Countersign seed data.
--
-- Executed by `Store.create(at:seedSQL:)` when the database file is created, by
-- `countersign db seed`, and by `POST /__admin/reset` (after every data table is
-- emptied). It only inserts rows: the schema comes from the migrations in
-- Sources/Store. It runs inside one transaction, so it must not contain
-- BEGIN / COMMIT itself.
--
-- Apps (X-APP-KEY selects one; without it the default app signs):
--   demo-app       default, scheme md5          secret dev-secret-please-change
--   partner-top    scheme top-md5               secret partner-top-secret
--   partner-hmac   scheme hmac-sha256           secret partner-hmac-secret
--   rotating-app   scheme md5, two secrets      rotating-new-secret (current), rotating-old-secret (previous)
--
-- Demo users (phone / password):
--   13800000000 / Passw0rd!   "Demo User"
--   13800000001 / Passw0rd!   "Second User"
--   13800000002 / Passw0rd!   "Disabled User", disabled: login answers 20103
--
-- Passwords are PBKDF2-HMAC-SHA256, 100000 iterations, a random 16-byte salt per
-- user, 32-byte derived key; salt and key are stored as lowercase hex. They were
-- made with Python:
--   salt = os.urandom(16)
--   hashlib.pbkdf2_hmac('sha256', b'Passw0rd!', salt, 100000, 32).hex()
-- (the salt bytes, not their hex text, are the PBKDF2 salt).
--
-- All created_at values are 1767225600 (2026-01-01T00:00:00Z) so that a reset
-- always restores exactly the same state.

INSERT INTO apps (id, app_key, name, secret, previous_secret, scheme, is_default) VALUES
    (1, 'demo-app', 'Demo App', 'dev-secret-please-change', NULL, 'md5', 1),
    (2, 'partner-top', 'Partner (TOP)', 'partner-top-secret', NULL, 'top-md5', 0),
    (3, 'partner-hmac', 'Partner (HMAC)', 'partner-hmac-secret', NULL, 'hmac-sha256', 0),
    (4, 'rotating-app', 'Rotating App', 'rotating-new-secret', 'rotating-old-secret', 'md5', 0);

INSERT INTO users (id, phone, password_hash, password_salt, password_iterations, nickname, avatar_url, disabled, created_at) VALUES
    (1, '13800000000',
        '091d2fcd3626779215f006584eef6f583b1872bebc7ed6ea35423ebd93adf730',
        '23e39f0fbe0823a1c0bf2a937d1aa580',
        100000, 'Demo User', NULL, 0, 1767225600),
    (2, '13800000001',
        'ec1f9b96913ac4dca2ee70e321632727496e4184f384af5822e6abab37d16206',
        'ce16fe11772157661ce0afd8306653e3',
        100000, 'Second User', NULL, 0, 1767225600),
    (3, '13800000002',
        '9ead4eb3473c6b58ac867c50400d21abac089b850528ee12a485385b799f8543',
        'cbe596ea1a9c849d17d9454a7db662a9',
        100000, 'Disabled User', NULL, 1, 1767225600);

-- The catalogue behind GET /api/v1/games. Ratings are 0.0 to 5.0;
-- released_at is midnight UTC of the release day.
INSERT INTO games (id, name, genre, cover_url, rating, released_at) VALUES
    (1, 'Starfall Tactics', 'Strategy', 'https://example.com/covers/1.png', 4.6, 1616025600),
    (2, 'Lantern Keep', 'Adventure', 'https://example.com/covers/2.png', 4.3, 1601596800),
    (3, 'Neon Drift Circuit', 'Racing', 'https://example.com/covers/3.png', 4.1, 1654732800),
    (4, 'Mossborn Chronicles', 'RPG', 'https://example.com/covers/4.png', 4.8, 1574294400),
    (5, 'Pixel Harvest', 'Simulation', 'https://example.com/covers/5.png', 4.4, 1628726400),
    (6, 'Tidebreaker', 'Action', 'https://example.com/covers/6.png', 3.9, 1676332800),
    (7, 'Quiet Orbit', 'Puzzle', 'https://example.com/covers/7.png', 4.7, 1588204800),
    (8, 'Ironclad Frontier', 'Strategy', 'https://example.com/covers/8.png', 4.2, 1538006400),
    (9, 'Whisker Cafe', 'Casual', 'https://example.com/covers/9.png', 4.5, 1642636800),
    (10, 'Echoes of Ember', 'RPG', 'https://example.com/covers/10.png', 4.6, 1684972800),
    (11, 'Skyline Sprint', 'Runner', 'https://example.com/covers/11.png', 3.8, 1562803200),
    (12, 'Crystal Cascade', 'Puzzle', 'https://example.com/covers/12.png', 4.0, 1520467200),
    (13, 'Hollow Pines', 'Horror', 'https://example.com/covers/13.png', 4.1, 1635379200),
    (14, 'Garden of Gears', 'Puzzle', 'https://example.com/covers/14.png', 4.3, 1663200000),
    (15, 'Rift Raiders', 'Shooter', 'https://example.com/covers/15.png', 3.7, 1606953600),
    (16, 'Paper Kingdoms', 'Strategy', 'https://example.com/covers/16.png', 4.4, 1693440000),
    (17, 'Deep Reef Explorer', 'Adventure', 'https://example.com/covers/17.png', 4.2, 1620259200),
    (18, 'Beat Lantern', 'Rhythm', 'https://example.com/covers/18.png', 4.6, 1648080000),
    (19, 'Clockwork Courier', 'Platformer', 'https://example.com/covers/19.png', 4.0, 1550707200),
    (20, 'Frostbound Saga', 'RPG', 'https://example.com/covers/20.png', 4.7, 1705536000),
    (21, 'Turbo Tanks Arena', 'Action', 'https://example.com/covers/21.png', 3.6, 1594857600),
    (22, 'Word Weaver', 'Word', 'https://example.com/covers/22.png', 4.5, 1544054400),
    (23, 'Galaxy Grocer', 'Simulation', 'https://example.com/covers/23.png', 3.9, 1699488000),
    (24, 'Shadow Courier', 'Stealth', 'https://example.com/covers/24.png', 4.2, 1639008000),
    (25, 'Kite Festival', 'Casual', 'https://example.com/covers/25.png', 4.1, 1712793600),
    (26, 'Dungeon Deckbuilder', 'Card', 'https://example.com/covers/26.png', 4.8, 1668643200),
    (27, 'Harbor Tycoon', 'Simulation', 'https://example.com/covers/27.png', 4.0, 1558569600),
    (28, 'Velvet Detective', 'Mystery', 'https://example.com/covers/28.png', 4.4, 1680134400),
    (29, 'Comet Golf', 'Sports', 'https://example.com/covers/29.png', 3.8, 1582761600),
    (30, 'Bamboo Blade', 'Fighting', 'https://example.com/covers/30.png', 4.3, 1721865600),
    (31, 'Lumen Labyrinth', 'Puzzle', 'https://example.com/covers/31.png', 4.6, 1611792000),
    (32, 'Wildwind Ranch', 'Simulation', 'https://example.com/covers/32.png', 4.2, 1728518400);
