/// A first-in, first-out queue that one thread fills and another empties, waiting while it is
/// empty: how the workers hand requests read on their input thread to their main thread.
package final class BlockingQueue<Element>: @unchecked Sendable {
    private let condition = Condition()
    private var elements: [Element] = []

    package init() {}

    /// Appends `element` and wakes a thread waiting in `take`.
    package func put(_ element: Element) {
        condition.lock()
        elements.append(element)
        condition.signal()
        condition.unlock()
    }

    /// The oldest element, waiting until there is one.
    package func take() -> Element {
        condition.lock()
        defer { condition.unlock() }
        while elements.isEmpty { condition.wait() }
        return elements.removeFirst()
    }
}
