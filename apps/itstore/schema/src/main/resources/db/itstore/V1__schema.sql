-- The IT store of seed 002 (Gheoace & Tudose 2024): the original's five tables with their columns, types, NULLs,
-- primary keys and named foreign keys, restated from the spec (../shared/itstore-spec.md, A.2). Identifiers are
-- unquoted, as in the original, so PostgreSQL folds them to lower case (EIN is column ein).
--
-- No secondary indexes, on purpose: the original had none, and the point is to reproduce its query costs. Every
-- join on item.id_prod and every filter on invoice.type or on EXTRACT(month/year ...) scans its table; only the
-- primary keys' own indexes exist. Adding an index here would change what the benchmark measures.

-- type_ces: c customer, e employee, s supplier, m the shop itself (the paper's letters, spec D-1)
CREATE TABLE CUSTOMER_EMPLOYEE_SUPPLIER (
    id_ces   INTEGER      NOT NULL,
    name     VARCHAR(40)  NOT NULL,
    EIN      VARCHAR(10)  NULL,
    type_ces CHAR(1)      NOT NULL,
    address  VARCHAR(100) NULL,
    IBAN     VARCHAR(34)  NOT NULL,
    SSN      VARCHAR(13)  NULL,
    PRIMARY KEY (id_ces)
);

-- type: 'c' a sale, 's' a purchase from a supplier
CREATE TABLE INVOICE (
    nr           INTEGER      NOT NULL,
    invoice_date DATE         NOT NULL,
    id_vendor    INTEGER      NOT NULL,
    type         CHAR(1)      NOT NULL,
    value        DECIMAL(9,2) NOT NULL,
    VAT          DECIMAL(9,2) NOT NULL,
    id_employee  INTEGER      NOT NULL,
    id_buyer     INTEGER      NOT NULL,
    PRIMARY KEY (invoice_date, nr)
);

CREATE TABLE PRODUCTS (
    id_prod      INTEGER      NOT NULL,
    prod_name    VARCHAR(50)  NOT NULL,
    id_supplier  INTEGER      NOT NULL,
    availability VARCHAR(20)  NOT NULL,
    category     VARCHAR(20)  NOT NULL,
    add_info     VARCHAR(100) NULL,
    PRIMARY KEY (id_prod)
);

CREATE TABLE ITEM (
    invoice_nr   INTEGER      NOT NULL,
    invoice_date DATE         NOT NULL,
    id_item      INTEGER      NOT NULL,
    id_prod      INTEGER      NOT NULL,
    unit         VARCHAR(5)   NOT NULL,
    quantity     INTEGER      NOT NULL,
    unit_price   DECIMAL(7,2) NOT NULL,
    PRIMARY KEY (invoice_nr, invoice_date, id_item)
);

-- master-detail of PRODUCTS
CREATE TABLE CHARACTERISTIC (
    id_prod           INTEGER      NOT NULL,
    id_characteristic INTEGER      NOT NULL,
    name              VARCHAR(50)  NOT NULL,
    value             VARCHAR(150) NOT NULL,
    PRIMARY KEY (id_prod, id_characteristic)
);

ALTER TABLE INVOICE ADD CONSTRAINT FK_CES_IN_VENDOR
    FOREIGN KEY (id_vendor) REFERENCES CUSTOMER_EMPLOYEE_SUPPLIER (id_ces);
ALTER TABLE INVOICE ADD CONSTRAINT FK_CES_IN_EMPLOYEE
    FOREIGN KEY (id_employee) REFERENCES CUSTOMER_EMPLOYEE_SUPPLIER (id_ces);
ALTER TABLE INVOICE ADD CONSTRAINT FK_CES_IN_BUYER
    FOREIGN KEY (id_buyer) REFERENCES CUSTOMER_EMPLOYEE_SUPPLIER (id_ces);
ALTER TABLE PRODUCTS ADD CONSTRAINT FK_CES_P
    FOREIGN KEY (id_supplier) REFERENCES CUSTOMER_EMPLOYEE_SUPPLIER (id_ces);
ALTER TABLE ITEM ADD CONSTRAINT FK_P_IT
    FOREIGN KEY (id_prod) REFERENCES PRODUCTS (id_prod);
ALTER TABLE ITEM ADD CONSTRAINT FK_IN_IT
    FOREIGN KEY (invoice_date, invoice_nr) REFERENCES INVOICE (invoice_date, nr);
ALTER TABLE CHARACTERISTIC ADD CONSTRAINT FK_P_C
    FOREIGN KEY (id_prod) REFERENCES PRODUCTS (id_prod);
