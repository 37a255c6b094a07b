print("layoutd: not yet wired")
