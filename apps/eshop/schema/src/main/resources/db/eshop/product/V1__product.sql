-- E-shop (seed 003), ProductService's database eshop_product (spec 2.2 D-9, on PostgreSQL instead of MongoDB: ADR).
-- code is UNIQUE: POST /products and the import insert with ON CONFLICT (code) DO NOTHING and answer 409 when a row
-- is missing; its index also serves the export's ORDER BY code and the lab's reset (DELETE ... WHERE code > ...).
-- The checks repeat the contract's rules, so a variant's bug cannot store what the API would refuse (numeric(7,2)
-- alone would take up to 99,999.99).
CREATE TABLE product (
    id          bigserial    PRIMARY KEY,
    code        varchar(16)  NOT NULL UNIQUE,
    name        varchar(100) NOT NULL CHECK (char_length(name) >= 1),
    category    varchar(50)  NOT NULL CHECK (char_length(category) >= 1),
    price       numeric(7,2) NOT NULL CHECK (price BETWEEN 0.01 AND 9999.99),
    description varchar(200) NOT NULL DEFAULT '',
    created_at  timestamptz  NOT NULL DEFAULT now()
);
