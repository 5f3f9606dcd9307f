module example.com/shop/relay

go 1.26
