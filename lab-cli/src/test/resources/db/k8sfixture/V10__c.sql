-- tenth, after the second (versions compare as numbers)
CREATE TABLE c (id int);