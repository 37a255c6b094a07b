import JSON
import LayoutEngine

/// Reads a compositional section's `list` (UIKit's `UICollectionLayoutListConfiguration`) and makes the section
/// from it, as `NSCollectionLayoutSection.list(using:layoutEnvironment:)` does.
///
/// A section description with `list` takes no `group` (the rows are the list's); its other members, given beside
/// `list`, replace what the list sets (UIKit lets an app change the section the list returns), whatever their order.
extension JSONReader {
    /// Reads `{"appearance", "headerMode"?, "footerMode"?, "estimatedRowHeight"?, "showsSeparators"?,
    /// "headerTopPadding"?}`.
    mutating func readCompositionalList() throws(JSONError) -> CompositionalLayout.ListConfiguration {
        typealias List = CompositionalLayout.ListConfiguration
        var appearance: List.Appearance?
        var list = List()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "appearance": appearance = try self.readChoice(List.Appearance.self)
            case "headerMode": list.headerMode = try self.readChoice(List.HeaderMode.self)
            case "footerMode": list.footerMode = try self.readChoice(List.FooterMode.self)
            case "estimatedRowHeight": list.estimatedRowHeight = try self.readDouble(in: 1...Self.maxLength)
            case "showsSeparators": list.showsSeparators = try self.readBool()
            case "headerTopPadding": list.headerTopPadding = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        guard let appearance else { throw self.missingField("appearance") }
        list.appearance = appearance
        return list
    }

    /// Refuses `key` when it and a member already read (`members`) are `list` and `group`, which exclude each
    /// other. Call it right after ``nextKey()`` returned `key`.
    func checkCompositionalListMember(_ key: JSONKey, members: [JSONKey]) throws(JSONError) {
        let other: String? =
            switch key {
            case "list": "group"
            case "group": "list"
            default: nil
            }
        guard let other, members.contains(JSONKey(other)) else { return }
        throw self.shapeError("give either \"list\" or \"group\", not both: a list section's rows are its group")
    }

    /// The section `list` makes, with every member of `given` that the request named (`members`) in its place.
    static func compositionalListSection(
        _ list: CompositionalLayout.ListConfiguration,
        members: [JSONKey],
        given: CompositionalLayout.Section
    ) -> CompositionalLayout.Section {
        var section = CompositionalLayout.Section.list(list)
        for member in members {
            switch member {
            case "contentInsets": section.contentInsets = given.contentInsets
            case "interGroupSpacing": section.interGroupSpacing = given.interGroupSpacing
            case "orthogonalScrollingBehavior": section.orthogonalScrollingBehavior = given.orthogonalScrollingBehavior
            case "boundarySupplementaryItems": section.boundarySupplementaryItems = given.boundarySupplementaryItems
            case "decorationItems":
                section.decorationItems = given.decorationItems
                (section.background, section.backgroundZIndex) = (given.background, given.backgroundZIndex)
            case "visibleItemsEffect": section.visibleItemsEffect = given.visibleItemsEffect
            case "contentInsetsReference": section.contentInsetsReference = given.contentInsetsReference
            case "supplementaryContentInsetsReference":
                section.supplementaryContentInsetsReference = given.supplementaryContentInsetsReference
            default: break
            }
        }
        return section
    }
}
