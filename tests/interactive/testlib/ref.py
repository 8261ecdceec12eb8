"""Reference for the testlib interactor: the answer file is the hidden number."""
n, x = map(int, input().split())
print(x)
