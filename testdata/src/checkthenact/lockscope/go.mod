module checkthenact/lockscope

go 1.26
