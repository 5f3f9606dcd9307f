module checkthenact/sqlnoschema

go 1.26
