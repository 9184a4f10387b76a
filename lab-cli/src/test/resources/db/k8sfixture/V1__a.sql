-- first
CREATE TABLE a (id int);
