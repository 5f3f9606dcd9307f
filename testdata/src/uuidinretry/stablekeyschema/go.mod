module uuidinretry/stablekeyschema

go 1.26
