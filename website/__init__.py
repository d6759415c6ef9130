"""Publishing the kit: its public address (:mod:`website.address`) and the published site (``make site``)."""
