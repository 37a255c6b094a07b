print("layout-bench: no benchmarks yet")
