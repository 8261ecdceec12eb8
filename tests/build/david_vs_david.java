import java.io.IOException;
import java.math.BigInteger;
import java.util.StringTokenizer;

// David vs David in Java (generalized Wythoff, r = k + 1, exact Beatty term with BigInteger).
// The file is not named after its class: the entry point is found in the compiled classes.
class Main {
    public static void main(String[] args) throws IOException {
        StringTokenizer in = new StringTokenizer(new String(System.in.readAllBytes()));
        int games = Integer.parseInt(in.nextToken());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < games; i++) {
            long x = Long.parseLong(in.nextToken());
            long y = Long.parseLong(in.nextToken());
            long r = Long.parseLong(in.nextToken()) + 1;
            out.append(secondPlayerWins(Math.min(x, y), Math.max(x, y), r) ? "2\n" : "1\n");
        }
        System.out.print(out);
    }

    // (x, y), x <= y, is a P-position iff y - x = n r and x = (n (2 - r) + isqrt(n^2 (r^2 + 4))) / 2.
    static boolean secondPlayerWins(long x, long y, long r) {
        if ((y - x) % r != 0) {
            return false;
        }
        BigInteger n = BigInteger.valueOf((y - x) / r);
        BigInteger big = BigInteger.valueOf(r);
        BigInteger root = n.multiply(n).multiply(big.multiply(big).add(BigInteger.valueOf(4))).sqrt();
        BigInteger a = n.multiply(BigInteger.TWO.subtract(big)).add(root).shiftRight(1);
        return a.equals(BigInteger.valueOf(x));
    }
}
