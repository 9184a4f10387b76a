-- MariaDbTest: one table with the types the orders service will use (auto-increment key, text, decimal, time)
CREATE TABLE t (
    id         BIGINT AUTO_INCREMENT PRIMARY KEY,
    code       VARCHAR(64)    NOT NULL UNIQUE,
    price      DECIMAL(12, 2) NOT NULL,
    created_at TIMESTAMP(6)   NOT NULL DEFAULT CURRENT_TIMESTAMP(6)
) ENGINE = InnoDB;
