print("fine so far")
def broken(:
    pass
