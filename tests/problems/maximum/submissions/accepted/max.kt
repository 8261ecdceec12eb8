// Kotlin: skipped where kotlinc is not installed.
fun main() {
    val n = readLine()!!.trim().toInt()
    val values = readLine()!!.trim().split(" ").map { it.toLong() }
    println(values.take(n).maxOrNull())
}
