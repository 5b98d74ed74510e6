# Co ukazuje každý přehrávač scénáře: vysvětlení „proč“, popisky scény, hodiny, protokol a inspektor.

stage-moving = { $n } v pohybu
