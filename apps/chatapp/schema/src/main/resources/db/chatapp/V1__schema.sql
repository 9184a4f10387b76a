-- ChatApp (seed 004): the thesis's two tables (Fig. 5.2) with its gaps filled (spec W10): bigserial keys, a UNIQUE
-- nickname, the recipients of a unicast/blockcast (targets) so an edit can be re-sent by the same strategy, and a
-- version bumped by every edit. password is the unsalted SHA-256 in hex, kept on purpose (login stays I/O-bound).
CREATE TABLE person (
    id          bigserial PRIMARY KEY,
    nickname    varchar(32) NOT NULL UNIQUE,
    firstname   varchar(64) NOT NULL,
    lastname    varchar(64) NOT NULL,
    password    char(64)    NOT NULL,
    last_login  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    modified_at timestamptz
);

CREATE TABLE message (
    id          bigserial PRIMARY KEY,
    created_by  bigint      NOT NULL REFERENCES person(id),
    modified_by bigint      REFERENCES person(id),
    content     text        NOT NULL,
    kind        varchar(9)  NOT NULL CHECK (kind IN ('broadcast','unicast','blockcast')),
    edit_type   varchar(7)  NOT NULL CHECK (edit_type IN ('final','private','public')),
    targets     text[]      NOT NULL DEFAULT '{}',
    version     int         NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    modified_at timestamptz
);

-- The CPU workload's seeded lines (WordLines.line(seed, id, 1000)) with their expected palindrome counts.
CREATE TABLE cpu_line (
    id          int  PRIMARY KEY,
    content     text NOT NULL,
    palindromes int  NOT NULL
);
