/// A configuration whose `count` sections' items all have one size, ``itemSize``, unless the section overrides it
/// (``SectionInput/overrides``): `line`'s, `stack`'s and `circle`'s. A kind whose configuration conforms takes
/// ``LayoutKindProtocol/defaultItemSize(of:configuration:viewport:)`` from it.
protocol UniformItemSizeConfiguration {
    /// The size of items of a `count` section.
    var itemSize: Size { get }
}

extension LayoutKindProtocol where Configuration: UniformItemSizeConfiguration {
    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        section.overrides.itemSize ?? configuration.itemSize
    }
}
