import java.util.Scanner;

// Two classes; only Sum has a main method.
public class Sum {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong();
        long b = in.nextLong();
        System.out.println(Adder.add(a, b));
    }
}

class Adder {
    static long add(long a, long b) {
        return a + b;
    }
}
