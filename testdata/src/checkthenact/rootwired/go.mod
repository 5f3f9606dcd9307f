module checkthenact/rootwired

go 1.26
