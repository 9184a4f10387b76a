-- second
CREATE TABLE b (id int);
