int main() {
    return undeclared_variable_42;
}
