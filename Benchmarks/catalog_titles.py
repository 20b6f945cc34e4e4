"""The generated catalogue's item titles (the same function as the catalog's
GeneratedItems.swift), so a driver knows which title row N shows."""


BRANDS = ["Aster", "Boreal", "Cirrus", "Dynamo", "Ember", "Fathom", "Galena", "Helix",
          "Iris", "Juno", "Kestrel", "Lumen", "Mistral", "Nimbus", "Onyx", "Pulsar"]
VARIANTS = ["", " Pro", " Max", " Lite", " Mini", " Plus", " Neo", " Air"]
M64 = (1 << 64) - 1


def _hash(index):
    z = (index + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def title(index):
    h = _hash(index)
    return f"{BRANDS[h & 15]} {(h >> 8) % 99 + 1}{VARIANTS[(h >> 16) & 7]}"

# A filter of one character that matches many titles, then one that narrows it.
FILTER_FIRST = b"a"   # matches brands Aster, Boreal, Dynamo, Fathom, Galena, Mistral... and " Max", " Air"
FILTER_MORE = b"s"    # "as": Aster only (1/16 of the rows)
