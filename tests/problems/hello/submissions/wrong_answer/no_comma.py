# Forgets the comma.
print("Hello World!")
