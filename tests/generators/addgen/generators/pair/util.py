def twin(n):
    return n, n
