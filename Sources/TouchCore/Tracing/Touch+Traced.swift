extension Touch {
    /// This touch as `--trace` and `--log-input` name it: its seat and the
    /// compositor's id, for pages and tools that list touches the same way.
    public var traced: TracedTouch { TracedTouch(self) }
}
