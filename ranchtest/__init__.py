"""Testing tools shared by the test suite and the benchmarks: the real bot run against the
Discord emulator (``harness``), a throwaway PostgreSQL server (``pgserver``) and seeded random
playouts (``playouts``)."""
