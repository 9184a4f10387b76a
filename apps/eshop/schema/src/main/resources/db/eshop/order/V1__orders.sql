-- E-shop (seed 003), OrderService's database eshop_order on MariaDB (spec 2.2 D-9): one row per reserved order line,
-- written only after Inventory reserved it. order_number is UNIQUE (the API's key of an order); utf8mb4_bin so that
-- it and product_code compare byte for byte, as in PostgreSQL (the API stores order numbers lower case).
CREATE TABLE orders (
    id           BIGINT       NOT NULL AUTO_INCREMENT,
    order_number CHAR(36)     NOT NULL,
    product_code VARCHAR(16)  NOT NULL,
    quantity     INT          NOT NULL,
    created_at   TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
    PRIMARY KEY (id),
    CONSTRAINT orders_order_number_key UNIQUE (order_number),
    CONSTRAINT orders_quantity_check CHECK (quantity > 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
