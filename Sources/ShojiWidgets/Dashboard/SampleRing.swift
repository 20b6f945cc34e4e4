/// The newest samples of a series, at most `capacity` of them: appending
/// past it drops the oldest, without moving the others.
struct SampleRing {
    private var storage: [Double] = []
    /// Where the oldest sample is, once the storage is full.
    private var head = 0
    /// The most samples kept.
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage.reserveCapacity(self.capacity)
    }

    /// How many samples are kept.
    var count: Int { storage.count }

    /// The sample `index` places after the oldest.
    subscript(index: Int) -> Double {
        storage[(head + index) % storage.count]
    }

    /// Adds `value` as the newest, dropping the oldest when full.
    mutating func append(_ value: Double) {
        if storage.count < capacity {
            storage.append(value)
        } else {
            storage[head] = value
            head = (head + 1) % capacity
        }
    }

    /// The samples, oldest first.
    var values: [Double] { (0..<count).map { self[$0] } }

    /// Keeps at most `capacity` samples from now on, the newest.
    mutating func setCapacity(_ capacity: Int) {
        let capacity = max(1, capacity)
        guard capacity != self.capacity else { return }
        let kept = Array(values.suffix(capacity))
        self.capacity = capacity
        storage = kept
        storage.reserveCapacity(capacity)
        head = 0
    }

    /// Forgets every sample.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
    }
}
