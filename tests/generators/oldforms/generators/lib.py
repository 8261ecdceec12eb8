def pair(n):
    return "%d %d" % (n, 2 * n)
