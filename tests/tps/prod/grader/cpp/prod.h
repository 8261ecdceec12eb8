long long multiply(int a, int b);
