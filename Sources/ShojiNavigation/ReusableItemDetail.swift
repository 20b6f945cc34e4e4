/// A detail screen that can show another item in place, so a split whose
/// list highlight moves on keeps the screen (and its flow) instead of making
/// a new one per key: adopt it on the presentable `SplitContainer.detailForItem`
/// returns.
@MainActor
public protocol ReusableItemDetail: AnyObject {
    /// Shows the item `itemID` instead of the one shown now; false when it
    /// cannot (the split then makes a new detail with `detailForItem`).
    func showItem(_ itemID: AnyHashable) -> Bool
}
