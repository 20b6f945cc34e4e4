import CShojiCurses

typealias WindowPointer = UnsafeMutablePointer<WINDOW>
typealias PanelPointer = UnsafeMutablePointer<PANEL>
