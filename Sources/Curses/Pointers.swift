import CNCurses

typealias WindowPointer = UnsafeMutablePointer<WINDOW>
typealias PanelPointer = UnsafeMutablePointer<PANEL>
