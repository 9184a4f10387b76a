-- Follows, likes, replies and retweets. Tweets live in the tweet service's database and users in the user
-- service's, so their ids carry no foreign key here; the cleanup job removes what a deleted tweet leaves.
CREATE TABLE follows (
    id          uuid        PRIMARY KEY,
    follower_id uuid        NOT NULL,
    followed_id uuid        NOT NULL,
    status      varchar(8)  NOT NULL CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    CHECK (follower_id <> followed_id),
    CONSTRAINT follows_pair_key UNIQUE (follower_id, followed_id)
);
-- following lists and counts use follows_pair_key (follower_id first); followers and requests by followed
CREATE INDEX follows_followed_idx ON follows (followed_id, status, created_at DESC);
CREATE INDEX follows_status_idx ON follows (status) WHERE status = 'REJECTED';

CREATE TABLE replies (
    id         uuid         PRIMARY KEY,
    user_id    uuid         NOT NULL,
    tweet_id   uuid         NOT NULL,
    content    varchar(280) NOT NULL,
    created_at timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX replies_tweet_idx ON replies (tweet_id, created_at DESC, id DESC);

CREATE TABLE likes (
    id            uuid        PRIMARY KEY,
    user_id       uuid        NOT NULL,
    likeable_id   uuid        NOT NULL,
    likeable_type varchar(5)  NOT NULL CHECK (likeable_type IN ('TWEET', 'REPLY')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT likes_user_target_key UNIQUE (user_id, likeable_type, likeable_id)
);
CREATE INDEX likes_target_idx ON likes (likeable_type, likeable_id, created_at DESC);
CREATE INDEX likes_user_idx ON likes (user_id, created_at DESC, id DESC);

CREATE TABLE retweets (
    id                uuid         PRIMARY KEY,
    user_id           uuid         NOT NULL,
    original_tweet_id uuid         NOT NULL,
    content           varchar(280),
    created_at        timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX retweets_tweet_idx ON retweets (original_tweet_id, created_at DESC, id DESC);
CREATE INDEX retweets_user_idx ON retweets (user_id, created_at DESC, id DESC);

-- How far the cleanup job has read the tweet service's tombstones.
CREATE TABLE cleanup_cursor (
    name     varchar(50) PRIMARY KEY,
    last_seq bigint      NOT NULL
);
INSERT INTO cleanup_cursor (name, last_seq) VALUES ('tweet-deletions', 0);
