module checkthenact/locked

go 1.26
