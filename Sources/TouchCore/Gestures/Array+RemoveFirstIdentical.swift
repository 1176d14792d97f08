extension Array where Element: AnyObject {
    /// Removes the first element that is `object` itself, if any: for lists
    /// that hold an object at most once, the same as `removeAll { $0 === object }`
    /// without that method's general (and on the touch path, measurable) cost.
    mutating func removeFirstIdentical(to object: Element) {
        if let index = firstIndex(where: { $0 === object }) { remove(at: index) }
    }
}
