-- E-shop (seed 003), InventoryService's database eshop_inventory: one row per product code (spec 2.2 D-9; the seed
-- used MongoDB, see the ADR). No foreign key: products live in another database, as in the seed's services.
-- quantity >= 0 is also what every decrement's WHERE quantity >= q keeps; the CHECK makes a violation an error.
CREATE TABLE inventory (
    code       varchar(16) PRIMARY KEY,
    quantity   bigint      NOT NULL CHECK (quantity >= 0),
    updated_at timestamptz NOT NULL DEFAULT now()
);
